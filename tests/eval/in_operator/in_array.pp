notice('A' in ['a'], 1 in [1.0], [1] in [[1]])
