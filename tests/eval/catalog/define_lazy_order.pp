define d() { notice("eval ${title}") }
d { 'x': }
notice('after declare')
