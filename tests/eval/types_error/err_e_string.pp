notice(String(Error('a', 'k', {x => [1]}, 'C'), '%p'))
notice(String(Error('a'), '%s'))
notice(sprintf('%s', Error('a')))
