class c { notice('before'); return(); notice('after') }
include c
notice('main')
