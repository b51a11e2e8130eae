notice({a => 1}.any |$k, $v| { $v == 1 })
notice({a => 1}.all |$k, $v| { $k == b })
