function f($a = undef) { $a =~ Undef }
notice(f())
