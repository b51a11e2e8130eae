notice(2 ? { default => a, default => b })
