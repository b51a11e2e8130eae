define d($p = 'dflt') { notice("${title} ${p}") }
d { 'a': }
d { 'b': p => 'given' }
