notice([1].reduce |$a| { $a })
