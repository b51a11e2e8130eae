define d() { $upper = upcase($title)
 notice($upper) }
d { 'abc': }
