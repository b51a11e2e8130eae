notice([1, 2] ? { [1, default] => match, default => no })
