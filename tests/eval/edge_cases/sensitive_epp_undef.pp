$r = inline_epp('<%= $a %><%= $b %>', { a => Sensitive(undef), b => 'x' })
notice(type($r))
notice($r.unwrap)
