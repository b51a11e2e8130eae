$d = {a => {b => [10, 20]}}
notice($d.dig('a', 'b', 1))
notice($d.dig('a', 'x', 1) == undef)
