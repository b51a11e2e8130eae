class a { $x = 1 type X = Integer }
