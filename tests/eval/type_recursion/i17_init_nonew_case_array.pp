$t = Init[Iterable]
case [1] {
  [Integer, $t]: { notice(a) }
  [$t]: { notice(b) }
  default: { notice(c) }
}
