notice(@(END))
  hello
  world
  | END
