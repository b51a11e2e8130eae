notice([1].map |$a| >> String { $a })
