define d($p = 'param default') { notice($p) }
D { p => 'resource default' }
d { 'a': }
