notice(@(END))
    indented
      more
    | END
