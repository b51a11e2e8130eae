type MySet = TypeSet[{
  pcore_version => '1.0.0',
  types => {
    Int => Integer[0, 10],
    Foo => Object[{attributes => {x => Int}}],
  }
}]
notice(MySet::Int)
notice(MySet::Foo(3))
notice(5 =~ MySet::Int)
