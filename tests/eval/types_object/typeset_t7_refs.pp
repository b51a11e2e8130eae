type Base = TypeSet[{ pcore_version => '1.0.0', version => '1.0.0', types => { Thing => Object[{attributes => {n => Integer}}] } }]
type Ext = TypeSet[{
  pcore_version => '1.0.0',
  references => { B => { name => 'Base', version_range => '1.x' } },
  types => { Special => Object[{parent => B::Thing, attributes => {m => Integer}}] }
}]
notice(Base)
$s = Ext::Special(1, 2)
notice($s)
notice($s =~ Base::Thing)
