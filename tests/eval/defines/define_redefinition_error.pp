define d() { }
define d() { }
d { 'a': }
