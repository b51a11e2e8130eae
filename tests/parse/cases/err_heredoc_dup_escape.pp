$x = @(END/tt)
  text
  END
