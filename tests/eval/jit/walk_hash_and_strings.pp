notice({ 'a' => 1, 'b' => 2 }.map |$k, $v| { "${k}=${v}" })
notice({ 'a' => 1, 'b' => 2 }.filter |$pair| { $pair[1] > 1 })
notice('abc'.map |$c| { "<${c}>" })
notice(Integer[3, 1].map |$x| { $x })
