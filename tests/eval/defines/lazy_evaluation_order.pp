define d() { notice("define ${title}") }
notice('before')
d { 'x': }
notice('after')
