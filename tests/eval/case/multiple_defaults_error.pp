case 1 {
  default: { notice(a) }
  default: { notice(b) }
}
