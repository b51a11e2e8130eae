notice(hiera('nokey'))
