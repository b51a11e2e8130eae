notice(Error('a') == Error('a'))
notice(Error('a') == Error('b'))
notice(Error('a', 'k') in [Error('a', 'k')])
notice({Error('a') => 1}[Error('a')])
