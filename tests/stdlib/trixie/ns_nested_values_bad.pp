notice(stdlib::nested_values([1]))
