$s = Sensitive('secret')
notice($s)
notice($s.unwrap)
