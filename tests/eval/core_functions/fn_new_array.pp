notice(Array({a => 1}), Array('ab', true), Array(undef, true))
