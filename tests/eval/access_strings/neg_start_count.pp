notice("[${"Hello World"[-11, 2]}]")
