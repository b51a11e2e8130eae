class c { break() }
include c
