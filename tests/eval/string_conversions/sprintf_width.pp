notice(sprintf('[%5s]', 'ab'))
notice(sprintf('[%-5s]', 'ab'))
notice(sprintf('[%05d]', 42))
notice(sprintf('[%+d]', 42))
