define d() { notice("d ${title}") }
d { 'one': }
