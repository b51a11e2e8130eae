define d() { notice($title) }
d { ['x', 'y']: }
