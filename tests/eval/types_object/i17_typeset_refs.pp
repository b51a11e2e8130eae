type Base = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', types => {X => String}}]
type TS = TypeSet[{pcore_version => '1.0.0', version => '2.0.0', references => {B => {name => 'Base', version_range => '1.x'}}, types => {Y => B::X}}]
notice('a' =~ TS::Y)
notice(TS::Y)
