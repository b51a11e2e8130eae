$t = Integer[1, 5]
notice(Array[$t])
notice(Hash[String, $t])
