$x = @(END:)
  text
  END
