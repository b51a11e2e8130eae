define d { notice("d ${title}") }
d { 'first': }
notice('main end')
