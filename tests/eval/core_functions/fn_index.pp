notice([1, 2, 3].index(2), 'abc'.index('c'), [1, 2, 3].index |$x| { $x > 1 })
