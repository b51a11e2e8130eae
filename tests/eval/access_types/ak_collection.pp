notice(Collection[1, 'x'])
