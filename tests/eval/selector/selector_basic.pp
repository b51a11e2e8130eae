notice(3 ? { 1 => 'a', 3 => 'c', default => 'd' })
