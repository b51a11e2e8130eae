case [1, 2] {
  [1]: { notice(short) }
  [1, 2, 3]: { notice(long) }
  [1, 2]: { notice(exact) }
}
