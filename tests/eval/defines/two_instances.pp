define d() { notice($title) }
d { 'a': }
d { 'b': }
