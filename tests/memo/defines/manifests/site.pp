# Defined types whose evaluations the define memo (level B) remembers,
# each sensitive to one input: see modules/d/manifests/*.pp.
File { mode => $facts['mode'] }
if $facts['dup'] == '1' {
  file { '/tmp/d/dup': ensure => file }
}
if $facts['pre'] == '1' {
  file { '/tmp/d/pre': ensure => file }
}
include d::params
if $facts['anchor'] == '1' {
  notify { 'anchor': }
}
if $facts['late'] == '1' {
  include d::late
}
# The same instances on every node, declared twice over (one title per
# node would never repeat).
d::plain { ['a', 'b']: }
d::fact { 'f': }
d::qualified { 'q': }
d::templated { 't': }
d::asks { 'x': }
d::own { 'o': }
d::talks { 'n': }
d::nests { 'outer': }
d::dup { 'dup': }
d::listing { 'l': }
d::defaulted { 'p': }
d::unknown { 'u': }
d::relates { 'r': }
d::includes { 'i': }
if $facts['caller'] == 'm2' { include m2 } else { include m1 }
# Instances every node shares, then more than half the table's room of
# instances no other node declares: the shared ones stay remembered (the
# least recently used go), so every node after the first replays them.
d::plain { ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']: }
d::plain { Integer[1, 50].map |$i| { "${facts['batch']}-${i}" }: }
