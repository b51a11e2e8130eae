node default { notice(1)
  next()
}
