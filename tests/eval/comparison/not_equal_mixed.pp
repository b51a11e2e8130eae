notice(1 != '1')
notice([1] != [1])
notice(undef != false)
