notice([1, 2, 3].map |$x| { next($x * 10) })
