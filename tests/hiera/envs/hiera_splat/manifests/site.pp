notice(hiera(['x', 'd']))
