notice(lookup(['nope', 'nope2', 'nope3']))
