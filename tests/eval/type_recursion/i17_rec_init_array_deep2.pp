type A = Array[Init[A]]
notice([[[1]], {a => 1}] =~ A)
