$s = Sensitive('secret')
$r = inline_epp('value: <%= $s.unwrap %>', { s => $s })
notice(type($r))
notice($r)
