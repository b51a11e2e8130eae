notice(nosuchfunction(1))
