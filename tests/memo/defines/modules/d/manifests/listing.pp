# A template listing the whole scope (scope.to_hash): never remembered.
define d::listing() {
  file { "/tmp/d/${title}": ensure => file, content => inline_template('<%= scope.to_hash.keys.sort.join(",") %>') }
}
