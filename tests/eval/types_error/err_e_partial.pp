$e = Error('m')
notice($e.partial_result)
