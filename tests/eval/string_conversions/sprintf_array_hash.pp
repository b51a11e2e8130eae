notice(sprintf('%s', [1, 'a']))
notice(sprintf('%s', {a => 1}))
