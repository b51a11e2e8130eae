type T = Object[{attributes => {
  a => { type => String, value => 'dflt' },
  b => { type => Array[Integer], value => [] },
  c => { type => Hash, value => {} },
  d => Optional[Integer],
}}]
notice(T())
notice(T('x', [1], {k => v}, 3))
notice(T().b)
notice(T().d)
notice(T)
