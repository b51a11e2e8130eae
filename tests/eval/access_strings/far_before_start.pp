notice("[${"Hello World"[-666,-2]}]")
