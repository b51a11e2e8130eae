realize(undef)
notice('after')
