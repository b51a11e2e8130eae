$x = @(E:base64)
  ab!c
  E
