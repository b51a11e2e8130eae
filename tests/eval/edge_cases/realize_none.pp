realize()
notice('after')
