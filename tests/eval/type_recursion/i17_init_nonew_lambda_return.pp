$x = [1].map |Integer $v| >> Init[Iterable] { $v }
notice($x)
