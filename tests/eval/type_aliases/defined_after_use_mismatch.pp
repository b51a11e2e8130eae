function foo(MyType $x) {
  notice($x)
}
foo(41)

type MyType = Integer[42,42]
