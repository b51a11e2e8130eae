case 123 {
  /123/: { notice(matched) }
  default: { notice('regex does not match integers') }
}
