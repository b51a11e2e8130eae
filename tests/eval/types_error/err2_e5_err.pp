notice(Error[])
