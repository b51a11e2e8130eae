notice({z => 1, a => 2, m => 3})
