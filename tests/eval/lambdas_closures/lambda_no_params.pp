notice(with() || { 'no params' })
