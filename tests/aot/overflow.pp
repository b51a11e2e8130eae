# An integer overflow inside a compiled lambda: Puppet's error, at the
# operator.
$big = [1, 2, 3].reduce(9223372036854775000) |$a, $i| { $a + $i * 300 }
notice($big)
