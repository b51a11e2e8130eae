$e = Error({msg => 'x', kind => 'k'})
notice($e)
notice($e == Error('x', 'k'))
notice($e == Error('x'))
