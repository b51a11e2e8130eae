case 1 {
  Integer: { notice(a) }
  Init[Iterable]: { notice(b) }
}
