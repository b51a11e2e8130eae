function mymod::helper($x) { $x + 1 }
notice(mymod::helper(1))
