notice(1)
notice(2)
  notice(1 / 0)
