notice(/b/ in ['abc', 'x'], $0)
