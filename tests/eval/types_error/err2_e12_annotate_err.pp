notice(Error.new)
