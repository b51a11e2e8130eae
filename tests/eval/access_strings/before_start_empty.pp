notice("[${"Hello World"[-13, 2]}]")
