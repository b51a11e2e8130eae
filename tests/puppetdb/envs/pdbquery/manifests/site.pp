# puppetdb_query with PQL strings and AST queries, over what earlier
# nodes stored (facts and exported resources).
node 'web1.test', 'web2.test' {
  @@sshkey { $facts['networking']['fqdn']:
    type => 'ssh-ed25519',
    key  => "AAAA${facts['networking']['hostname']}",
  }
}
node 'monitor.test' {
  $certnames = puppetdb_query('nodes[certname] { certname ~ "^web" order by certname }').map |$n| { $n['certname'] }
  notice("nodes: ${certnames}")
  $ips = puppetdb_query('facts[certname, value] { name = "ipaddress" and certname ~ "^web" order by certname }')
  $ips.each |$f| { notice("${f['certname']} => ${f['value']}") }
  $keys = puppetdb_query(['from', 'resources', ['and', ['=', 'type', 'Sshkey'], ['=', 'exported', true]], ['order_by', ['title']]])
  $keys.each |$r| { notice("${r['title']}: ${r['parameters']['key']} from ${r['certname']}") }
  $count = puppetdb_query(['from', 'nodes', ['extract', [['function', 'count']], ['~', 'certname', '^web']]])
  notice("count: ${count}")
  $roles = puppetdb_query('fact_contents[value] { path = ["role"] and certname = "web2.test" }')
  notice("role: ${roles}")
}
node 'db1.test' {
  $bad = puppetdb_query('nodes[certname] { certname ~~ "x" }')
  notice($bad)
}
