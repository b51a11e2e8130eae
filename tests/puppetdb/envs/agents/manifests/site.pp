# Real agents against a catalog server with PuppetDB (tests/puppetdb.rs,
# agents_against_pjit_server; Puppet Server's goldens by
# tests/tools/bless-puppetdb-agents.py): the web nodes export monitoring
# checks, the monitor node collects them (its agent writes them to disk)
# and asks PuppetDB which web nodes it knows. `agent-steps` lists the runs.
node /^web\d+\.test$/ {
  $host = $trusted['certname']
  @@monitor::check { "${host}-ping":
    host    => $host,
    command => 'check_ping',
  }
  @@monitor::check { "${host}-http":
    host     => $host,
    command  => "check_http -p ${facts['http_port']}",
    interval => 30,
    tag      => ['http'],
  }
  notify { "${host} exports its checks": }
}
node 'monitor.test' {
  file { "${facts['agent_dir']}/checks":
    ensure => directory,
  }
  Monitor::Check <<| |>>
  $webs = puppetdb_query('nodes[certname] { certname ~ "^web" order by certname }').map |$n| { $n['certname'] }
  notify { "PuppetDB knows ${webs.length} web nodes: ${webs.join(', ')}": }
}
