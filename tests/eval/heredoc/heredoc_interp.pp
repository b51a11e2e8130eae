$x = 1
notice(@("END"))
  x=${x}
  END
