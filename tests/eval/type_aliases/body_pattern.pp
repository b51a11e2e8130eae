type A = Pattern[1]
notice(A)
