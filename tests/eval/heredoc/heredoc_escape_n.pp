notice(@("E"/n))
  a\
b
  E
