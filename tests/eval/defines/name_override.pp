define d() { notice("${title} ${name}") }
d { 'x': name => 'y' }
