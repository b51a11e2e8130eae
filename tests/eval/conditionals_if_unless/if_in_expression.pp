notice(if 1 > 2 { big } else { small })
