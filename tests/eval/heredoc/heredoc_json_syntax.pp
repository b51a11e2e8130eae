$j = @(E:json)
  {"k": [1, 2]}
  | E
notice($j)
