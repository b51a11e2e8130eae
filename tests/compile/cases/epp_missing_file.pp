notice(epp('mymod/nosuch.epp'))
