notice(assert_type(Integer, 'x') |$e, $a| { "bad ${a}" })
