notice(1)

  next(2)
