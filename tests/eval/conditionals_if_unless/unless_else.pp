unless 1 == 1 { notice('a') } else { notice('b') }
