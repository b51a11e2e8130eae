notice(1 ? { Init[Iterable] => a, default => b })
