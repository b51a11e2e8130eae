type A = Hash[String, Init[A]]
notice(A)
