$d = Deferred('join', [[1,2], '-'])
notice($d == Deferred('join', [[1,2], '-']), $d =~ Object, type($d) == Deferred, Deferred, String($d), "${d}")
notice(String($d, '%p'))
