notice(Sensitive[String], Sensitive('x') =~ Sensitive[String], Sensitive('x'))
