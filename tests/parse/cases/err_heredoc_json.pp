$x = @(E:json)
  {"a": }
  E
