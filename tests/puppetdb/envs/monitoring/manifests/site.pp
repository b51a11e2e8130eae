# Monitoring checks: a defined type exported by every node, collected by
# the monitoring server with each query operator, and exported files
# collected with an override in the collector's block.
define monitor::check (
  String $host,
  String $command,
  Integer $interval = 60,
  Array[String] $contacts = [],
  Optional[String] $group = undef,
) {
  file { "/etc/monitor/checks.d/${title}.cfg":
    content => "host=${host} command=${command} interval=${interval} contacts=${join($contacts, ',')} group=${group}\n",
  }
}
class monitored {
  $host = $facts['networking']['fqdn']
  @@monitor::check { "${host}-ping":
    host     => $host,
    command  => 'check_ping',
    contacts => ['ops'],
    group    => $facts['role'],
  }
  @@monitor::check { "${host}-ssh":
    host     => $host,
    command  => 'check_ssh',
    interval => 300,
    tag      => ['ssh'],
  }
  if $facts['role'] == 'db' {
    @@monitor::check { "${host}-pgsql":
      host     => $host,
      command  => 'check_pgsql',
      interval => 120,
      contacts => ['dba', 'ops'],
      group    => 'db',
    }
  }
  @@file { "/etc/monitor/hosts.d/${host}":
    content => "${facts['networking']['ip']}\n",
    tag     => 'monitor_host',
  }
}
node 'web1.test', 'web2.test', 'db1.test' {
  include monitored
}
node 'monitor.test' {
  include monitored
  # Equality on a parameter, and every check of the db group.
  Monitor::Check <<| command == 'check_ping' |>>
  Monitor::Check <<| group == 'db' |>>
  # Inequality, and/or, title and tag.
  Monitor::Check <<| tag == 'ssh' and (host != 'web2.test' or title == 'web2.test-ssh') |>> {
    contacts => ['oncall'],
  }
  Monitor::Check <<| interval == 120 or title == 'nope' |>>
  File <<| tag == 'monitor_host' |>> { mode => '0640' }
}
