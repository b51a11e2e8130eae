notice(lookup('h', Hash, 'nosuch'))
