$text = epp('mymod/conf.epp', { 'name' => 'web', 'ports' => [80, 443] })
file { '/etc/web.conf': content => $text }
notice(epp('mymod/conf.epp', { 'name' => 'x' }))
$local = 'seen'
notice(inline_epp('<%= $local %> and <%= $facts["hostname"] %>'))
