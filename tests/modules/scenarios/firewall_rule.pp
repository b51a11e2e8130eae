firewall { '100 allow http': dport => 80, proto => 'tcp', jump => 'accept' }
