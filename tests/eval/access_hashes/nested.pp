$h = {a => {b => {c => deep}}}
notice($h['a']['b']['c'])
notice($h[a][b][c])
