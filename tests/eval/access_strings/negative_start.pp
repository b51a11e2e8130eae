notice("[${"Hello World"[-5,-1]}]")
