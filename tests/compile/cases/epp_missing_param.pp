notice(epp('mymod/conf.epp', {}))
