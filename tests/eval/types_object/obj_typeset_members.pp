type MySet = TypeSet[{
  pcore_version => '1.0.0',
  version => '1.0.0',
  types => {
    Foo => Object[{attributes => {x => Integer}}],
    Bar => Object[{parent => Foo, attributes => {y => String}}],
  }
}]
# Puppet's formatter keeps the last TypeSet it printed: print the set last.
notice(MySet::Bar(1, 'a'))
notice(MySet::Bar(1, 'a') =~ MySet::Foo)
notice(MySet::Foo)
notice(MySet)
