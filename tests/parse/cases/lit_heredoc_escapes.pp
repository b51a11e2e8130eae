$a = @(E/L)
  one \
  two
  E
$b = @("E"/$)
  \$x $y
  E
$c = @(E/)
  \t\u0041\s
  E
