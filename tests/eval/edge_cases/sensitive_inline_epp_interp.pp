$s = Sensitive('secret')
$r = inline_epp("a<%= \"${s}\" %>b", { s => $s })
notice(type($r))
notice($r)
