$x = @(E:pp)
  $a = 
  E
