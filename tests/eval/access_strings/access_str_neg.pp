notice('abcdef'[-2], 'abcdef'[1,2], 'abcdef'[-3,-1], 'abcdef'[10])
