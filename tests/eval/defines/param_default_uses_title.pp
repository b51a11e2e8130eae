define d($path = "/tmp/${title}") { notice($path) }
d { 'f': }
