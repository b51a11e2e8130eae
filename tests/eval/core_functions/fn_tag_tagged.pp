class c { tag('extra') 
 notice(tagged('extra'), tagged('c'), tagged('nope')) }
include c
