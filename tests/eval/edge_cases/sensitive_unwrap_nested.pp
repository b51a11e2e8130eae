$s = Sensitive(Sensitive('x'))
notice($s.unwrap)
notice($s.unwrap.unwrap)
notice(type($s))
