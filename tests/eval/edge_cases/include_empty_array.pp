include []
notice('after')
