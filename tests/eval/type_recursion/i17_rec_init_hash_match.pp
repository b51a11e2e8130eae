type A = Hash[String, Init[A]]
notice({a => 1} =~ A)
