notice(Array[String, 0, default])
notice(Array[String, 1, default])
