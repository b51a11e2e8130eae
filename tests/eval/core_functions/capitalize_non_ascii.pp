notice(capitalize('été'))
