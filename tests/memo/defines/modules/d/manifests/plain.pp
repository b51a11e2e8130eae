# Reads nothing of the node: replayed on every node after the first.
define d::plain($content = 'plain') {
  file { "/tmp/d/plain-${title}": ensure => file, content => "${content} ${d::params::fixed}" }
}
