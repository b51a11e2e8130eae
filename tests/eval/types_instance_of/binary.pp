notice(Binary('aGk=') =~ Binary)
notice('aGk=' =~ Binary)
