$d = {a => [1, {b => 2}]}
notice($d.get('a.1.b'))
notice($d.get('a.5', 'dflt'))
