# Classes and their parameters from Hiera, with a per-node level keyed by
# the trusted certname.
class profile::base {
  notify { 'banner': message => lookup('node_banner') }
  notify { 'release': message => lookup('release_note') }
}
class profile::vhosts(Hash $sites = {}) {
  $sites.each |$name, $opts| {
    apache::vhost { $name:
      * => { 'port' => 80 } + $opts,
    }
  }
}
lookup('classes', Array[String], 'unique').include
