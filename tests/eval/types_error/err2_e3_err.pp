notice(Error[1])
