# Timespan and Timestamp have no hash of their own in Puppet (Ruby): as
# hash keys and for unique, each is only the object it is. (Ruby compares
# the values of two such objects when their hashes collide, about once in
# 256 lookups in a small Hash, so Puppet rarely finds an equal copy too:
# the golden is the usual outcome, checked over several runs.)
$t = Timestamp('2000-01-01')
$d = Timespan(1)
notice({Timestamp('2000-01-01') => 1}[Timestamp('2000-01-01')])
notice({$t => 1}[$t])
notice({Timespan(1) => 1}[Timespan(1)])
notice({$d => 1}[$d])
notice([Timestamp('2000-01-01'), Timestamp('2000-01-01')].unique)
notice([$t, $t].unique)
notice([$d, $d, Timespan(1)].unique.length)
notice({Timestamp('2000-01-01') => 1, Timestamp('2000-01-01') => 2}.length)
notice(Timestamp('2000-01-01') == Timestamp('2000-01-01'))
notice(Timestamp('2000-01-01') in [Timestamp('2000-01-01')])
