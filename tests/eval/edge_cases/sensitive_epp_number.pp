$r = inline_epp('<%= $a %>', { a => Sensitive(3) })
notice(type($r))
notice($r.unwrap)
