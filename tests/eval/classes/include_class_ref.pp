class a { notice(a) }
include Class['a']
