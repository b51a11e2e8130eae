notice("[${"Hello World"[6,-2]}]")
