notice(3 ? { 1 => 'a' })
