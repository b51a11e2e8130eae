define d() { d { "x${title}": } }
d { "a": }
