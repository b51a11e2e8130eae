fail('stopped here')
