notice(sprintf('%c', 65))
