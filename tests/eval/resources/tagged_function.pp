class c { notice(tagged('c')) }
include c
notice(tagged('nope'))
