include undef
notice('after')
