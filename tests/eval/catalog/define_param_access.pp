define d($p = 3) { }
d { 'x': }
notify { "p is ${D['x']['p']}": }
