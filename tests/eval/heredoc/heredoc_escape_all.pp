notice(@("E"/L))
  a\
  b
  E
