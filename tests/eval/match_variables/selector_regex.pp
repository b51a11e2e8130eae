$r = 'foo123' ? {
  /(\d+)/ => "num ${1}",
  default => none,
}
notice($r)
