class t($a = 1) { }
include t
