notice(Sensitive[String])
