$h = {a => undef, b => 2}
notice($h['a'] == undef)
notice($h['a', 'b'])
