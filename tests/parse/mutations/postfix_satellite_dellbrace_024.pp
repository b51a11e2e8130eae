# mutant: postfix/manifests/satellite.pp lines 25-43, deleted '{' at 6:3
class postfix::satellite (
  $mydestination = $postfix::mydestination,
  $mynetworks    = $postfix::mynetworks,
  $relayhost     = $postfix::relayhost,
) 

  assert_type(Pattern[/^\S+$/], $postfix::myorigin)

  class { '::postfix::mta':
    mydestination => $mydestination,
    mynetworks    => $mynetworks,
    relayhost     => $relayhost,
  }

  postfix::virtual { "@${postfix::myorigin}":
    ensure      => 'present',
    destination => 'root',
  }
}
