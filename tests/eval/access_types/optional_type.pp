notice(Optional[String])
notice(Optional)
