define d($x = 'dx') { notice("${title} ${x}") }
D { x => 'from default' }
d { 'a': }
