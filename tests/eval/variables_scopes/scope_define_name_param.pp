define d { notice("${name} ${title}") }
d { 'one': name => 'two' }
