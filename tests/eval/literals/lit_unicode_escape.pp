notice("\u0041\u00e9\u{1F600}")
