$s = inline_epp('a <%= $x %>', {x => Sensitive('b')})
notice($s =~ Sensitive)
notice($s.unwrap)
