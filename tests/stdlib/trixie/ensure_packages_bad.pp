stdlib::ensure_packages([1])
