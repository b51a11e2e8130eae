notice("[${"Hello World"[6,-1]}]")
