class c inherits nosuch { }
include c
