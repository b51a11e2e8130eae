notice(reverse_each([1, 2, 3]).map |$x| { $x })
