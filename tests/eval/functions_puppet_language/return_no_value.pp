function f() {
  return()
  'not reached'
}
notice(f() == undef)
