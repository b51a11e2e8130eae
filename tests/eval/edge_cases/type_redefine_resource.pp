type File = Integer
notice(1)
