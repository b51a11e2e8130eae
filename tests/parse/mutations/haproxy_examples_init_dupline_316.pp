# mutant: haproxy/examples/init.pp lines 33-56, duplicated line 6
@@haproxy::balancermember { $fqdn:
  order                  => '21',
  listening_service      => 'puppet00',
  server_name            => $::hostname,
  balancer_ip            => $::ipaddress,
  balancer_ip            => $::ipaddress,
  balancer_port          => '8140',
  balancermember_options => 'check',
}

# Declare a couple of Listening Services for haproxy.cfg
#  Note that the balancermember server resources are being collected in
#  the haproxy::config defined resource type with the following line:
#  Haproxy::Balancermember <<| listening_service == $name |>>
haproxy::listen { 'puppet00':
  order     => '20',
  ipaddress => $::ipaddress,
  ports     => '18140',
  options   => {
    'option'  => [
      'tcplog',
    ],
    'balance' => 'roundrobin',
  },
}
