notice(NotUndef[String])
notice(NotUndef)
