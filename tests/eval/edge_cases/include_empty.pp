include ''
notice('after')
