notice(sprintf('%s', 1.0))
