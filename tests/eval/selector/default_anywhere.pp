notice(2 ? { default => d, 2 => two })
