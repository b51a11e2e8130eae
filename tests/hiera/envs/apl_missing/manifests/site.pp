class t($a, $b) { }
include t
