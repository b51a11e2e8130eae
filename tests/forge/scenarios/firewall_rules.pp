# puppetlabs-firewall 8.1: a small rule set.
firewall { '000 accept related established':
  proto => 'all',
  state => ['RELATED', 'ESTABLISHED'],
  jump  => 'accept',
}
firewall { '001 accept icmp':
  proto => 'icmp',
  jump  => 'accept',
}
firewall { '100 allow ssh and web':
  dport => [22, 80, 443],
  proto => 'tcp',
  jump  => 'accept',
}
firewall { '999 drop all':
  proto => 'all',
  jump  => 'drop',
}
