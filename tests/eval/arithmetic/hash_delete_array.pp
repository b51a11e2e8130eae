notice({a => 10, b => 20} - [a,c])
