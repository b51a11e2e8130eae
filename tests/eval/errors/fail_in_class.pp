class c {
  notice('before')
  fail('inside class')
}
include c
