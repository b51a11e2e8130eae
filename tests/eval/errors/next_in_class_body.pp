class c { next(1) }
include c
