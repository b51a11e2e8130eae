notice('A' in ['a', 'b'])
