$x = @(E:epp)
  <%= $a 
  E
