define d($x = $title) { notice("${name} ${title} ${x}") }
d { 'one': }
