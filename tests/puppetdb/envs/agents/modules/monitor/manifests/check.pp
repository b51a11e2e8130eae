# A monitoring check: exported by the node it watches, collected (and so
# evaluated) on the monitoring node, which writes it below its own
# directory (the collecting agent's `agent_dir` fact).
define monitor::check (String $host, String $command, Integer $interval = 60) {
  file { "${facts['agent_dir']}/checks/${title}.cfg":
    ensure  => file,
    content => "host=${host} command=${command} interval=${interval}\n",
  }
}
