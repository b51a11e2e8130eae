$e = Error('msg', 'kind', {d => 1}, 'CODE')
notice($e.partial_result)
