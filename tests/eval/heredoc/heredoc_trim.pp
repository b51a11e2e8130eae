notice(@(END))
  a
  b
  |- END
