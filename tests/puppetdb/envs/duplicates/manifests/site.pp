# Two nodes export a resource with the same title: collecting both is
# Puppet's duplicate error; a node's own export of a title another node
# also exports is one too.
node 'web1.test', 'web2.test' {
  @@host { 'shared.test': ip => $facts['networking']['ip'], tag => 'shared' }
  @@host { $facts['networking']['fqdn']: ip => $facts['networking']['ip'], tag => 'own' }
}
node 'db1.test' {
  Host <<| tag == 'own' |>>
}
node 'lb.test' {
  Host <<| tag == 'shared' |>>
}
node 'web3.test' {
  @@host { 'web1.test': ip => '10.9.9.9', tag => 'own' }
  Host <<| tag == 'own' |>>
}
