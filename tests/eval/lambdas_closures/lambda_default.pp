notice([1].map |$a, $b = 5| { $a + $b })
