case [[1, 'x'], 2] {
  [[Integer, /x/], 2]: { notice(nested) }
}
