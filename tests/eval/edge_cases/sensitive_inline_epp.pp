$s = Sensitive('secret')
$r = inline_epp('value: <%= $s %>', { s => $s })
notice(type($r))
notice($r)
