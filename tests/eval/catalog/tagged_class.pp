class c { notice(tagged('c')) notice(tagged('nope')) }
include c
