$x = 1
notice(@("E"/$))
  \$x $x
  E
