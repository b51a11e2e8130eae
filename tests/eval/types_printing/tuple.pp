notice(Tuple[String, Integer])
notice(Tuple[String, Integer, 1, default])
notice(Tuple[Integer, 0, 3])
