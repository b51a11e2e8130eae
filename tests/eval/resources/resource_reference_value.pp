notify { 'a': }
$r = Notify['a']
notice($r)
notify { 'b': require => $r }
