notice(1 ? { 1 => 2 ? { 2 => 'nested' }, default => 'd' })
