notice({a => 1} ? { {a => 1} => yes, default => no })
