notice([1,2]['a'])
