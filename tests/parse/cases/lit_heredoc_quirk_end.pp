$a = @(END)
  this is the END
  more
  END
