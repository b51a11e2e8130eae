$x = @("")
  text
  ""
