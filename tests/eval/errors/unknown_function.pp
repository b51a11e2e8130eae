nosuchfunction(1)
