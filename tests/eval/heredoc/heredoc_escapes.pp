notice(@("END"/t))
  a\tb
  END
