
  type   A   =    Nosuch[ x ,]
notice(A)
