notice(@(END))
  END
