type File = Integer
notice(File)
