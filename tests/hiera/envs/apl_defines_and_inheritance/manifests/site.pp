class base($a = 'base default') { notice("base a=${a}") }
class derived($a = 'derived default', $b = $base::a) inherits base { notice("derived a=${a} b=${b}") }
define d($p = 'define default') { notice("d p=${p}") }
include derived
d { 'x': }
