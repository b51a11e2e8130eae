notice(Sensitive)
notice(Sensitive[String])
notice(Binary)
