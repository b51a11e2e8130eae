define my::thing() { notice("thing ${title}") }
my::thing { 't': }
