notice("[${"Hello World"[6]}]")
