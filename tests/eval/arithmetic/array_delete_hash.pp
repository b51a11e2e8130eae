notice([1,2,b] - {a => 1, b => 20})
