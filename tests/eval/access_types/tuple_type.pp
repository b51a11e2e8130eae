notice(Tuple[String, Integer])
notice(Tuple[String, Integer, 1])
notice(Tuple[String, Integer, 1, 3])
