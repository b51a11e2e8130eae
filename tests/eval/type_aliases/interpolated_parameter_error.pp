type A = Enum["a${1}"]
notice(A)
