err('just a log')
notice('still running')
