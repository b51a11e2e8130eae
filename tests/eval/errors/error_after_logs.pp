notice('first')
warning('second')
fail('third')
