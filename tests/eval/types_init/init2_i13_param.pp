class c(Init[Integer] $port = '8080') { notice(Integer($port) + 1) }
include c
