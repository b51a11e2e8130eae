type A = Hash[String]
notice(A)
