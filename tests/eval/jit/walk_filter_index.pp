notice(Integer[1, 10].filter |$i, $x| { $i % 3 == 0 })
notice(['a', 'bb', 'ccc', 'dd'].filter |$w| { $w =~ /^..$/ })
notice(['x', 'y'].filter |$i, $w| { $w == 'y' or $i == 0 })
