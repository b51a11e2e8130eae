# Declares other defined types' instances (evaluated later).
define d::nests() {
  d::plain { "${title}-inner": content => 'nested' }
  d::fact { "${title}-fact": }
}
