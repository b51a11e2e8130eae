notice(stdlib::sha256([1]))
