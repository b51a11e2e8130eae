notice(Error(''))
