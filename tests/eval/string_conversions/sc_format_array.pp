notice(String([1, [2, 3]], '%a'), String([1, 2], '%(a'), String(['a', 'b'], '%s'), String([1, 2], '% a'))
