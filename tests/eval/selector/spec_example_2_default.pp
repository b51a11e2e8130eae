$y = happy
$x = $y ? {
  hot => red,
  sad => blue,
  default => normal,
}
notice($x)
