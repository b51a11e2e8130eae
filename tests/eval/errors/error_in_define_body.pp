define d() {
  notice(1 / 0)
}
d { 'x': }
