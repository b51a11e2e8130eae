class t(String $a) { }
include t
