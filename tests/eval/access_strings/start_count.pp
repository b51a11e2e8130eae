notice("[${"Hello World"[1,3]}]")
