type MyStr = String[1]
notice([MyStr])
notice(Array[MyStr])
