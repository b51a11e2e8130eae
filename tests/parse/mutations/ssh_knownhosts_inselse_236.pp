# mutant: ssh/manifests/knownhosts.pp lines 1-3, inserted 'else' at 4:2
class ssh::knownhosts {
  Sshkey <<| |>>
} else 
