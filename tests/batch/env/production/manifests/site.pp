# Batch-mode test environment: each node takes a different path through
# the modules, so a worker thread's reused program has lowered files that
# the next node must not see unless it loads them itself.
$node_role = $facts['role']
node /^web\d+/ {
  include base
  class { 'web':
    port => $facts['port'],
  }
  web::vhost { ['a.example.com', 'b.example.com']: }
}
node 'db1.example.com' {
  # base::extra is defined in base/manifests/init.pp, which Puppet's
  # loader reads before looking for base/manifests/extra.pp.
  include base::extra
  notify { "db on ${facts['os']['family']}": }
}
node 'lonely.example.com' {
  # web::vhost_extra is defined in web/manifests/vhost.pp, which only the
  # loading of web::vhost reads: not found here, even when the same worker
  # compiled a web node before.
  include web::vhost_extra
}
node 'late.example.com' {
  include web
  web::vhost { 'c.example.com': docroot => '/srv/c' }
  include web::vhost_extra
}
node 'failing.example.com' {
  include base
  fail("no role for ${trusted['certname']}")
}
node default {
  notice("default node ${facts['networking']['hostname']}, role ${node_role}")
  if $node_role == 'web' { include web }
  else { include base }
}
