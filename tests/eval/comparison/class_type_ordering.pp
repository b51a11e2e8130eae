notice(Class > Class[c])
notice(Class[c] < Class)
notice(Class[a] == Class[b])
