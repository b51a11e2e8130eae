notice([1, 2, 3].map |Integer[0] $x| { $x * 2 })
notice(['a', undef, 'c'].map |Optional[String] $s| { "<${s}>" })
notice(Integer[1, 3].reduce |Integer $m, Integer $x| { $m + $x })
notice([true, false].filter |Boolean $b| { $b })
