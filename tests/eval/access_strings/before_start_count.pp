notice("[${"Hello World"[-12, 2]}]")
