$x = george ? {
  *[paul, ringo, george, john] => beatle,
  default => other,
}
notice($x)
