notice(sprintf('%<a>s-%<b>d', {a => 'x', b => 3}))
notice(sprintf('%{a}', {a => 'y'}))
