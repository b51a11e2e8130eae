function f() {
  next(5)
  10
}
notice(f())
