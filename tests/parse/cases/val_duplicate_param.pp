function f($a, $a) {}
