case 2 {
  default: { notice(default) }
  2: { notice(two) }
}
