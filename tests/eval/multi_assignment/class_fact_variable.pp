class c { }
include c
[$osfamily] = Class['c']
notice("<${osfamily}>")
