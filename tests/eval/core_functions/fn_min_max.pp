notice(max(1, 5, 3), min('b', 'a'), max([1, 7]))
