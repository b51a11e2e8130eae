define d { notice($title) }
d { ['a', 'b']: }
