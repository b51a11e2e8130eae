type S = TypeSet[{
  pcore_version => '1.0.0',
  types => {
    Car => Object[{attributes => {make => String}}],
  }
}]
notice(S)
notice(S =~ TypeSet)
notice(type(S))
