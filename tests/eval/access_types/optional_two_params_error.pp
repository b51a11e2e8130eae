notice(Optional[String, Integer])
