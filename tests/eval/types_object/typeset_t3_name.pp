type S = TypeSet[{
  pcore_version => '1.0.0',
  name => 'Other',
  name_authority => 'http://example.com/ns',
  types => { A => Integer }
}]
notice(S)
