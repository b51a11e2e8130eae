notice([1, 2].any |$x| { $x > 1 }, [1, 2].all |$x| { $x > 1 })
