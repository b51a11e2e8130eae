# The PuppetDB benchmark (tests/tools/bench-puppetdb.py; not a test
# scenario): NODE_COUNT exporters each export five monitoring checks and a
# host key; the collector realizes all of them (one collection per type).
define monitor::check (String $host, String $command, Integer $interval = 60) {
  file { "/etc/monitor/checks.d/${title}.cfg":
    content => "host=${host} command=${command} interval=${interval}\n",
  }
}
node /^node\d+\.bench$/ {
  $host = $facts['networking']['fqdn']
  ['ping', 'ssh', 'load', 'disk', 'ntp'].each |$c| {
    @@monitor::check { "${host}-${c}": host => $host, command => "check_${c}" }
  }
  @@sshkey { $host:
    type         => 'ssh-ed25519',
    key          => "AAAAC3NzaC1lZDI1NTE5AAAAI${facts['networking']['hostname']}",
    host_aliases => [$facts['networking']['hostname'], $facts['networking']['ip']],
  }
}
node 'collector.bench' {
  Monitor::Check <<| |>>
  Sshkey <<| |>>
}
