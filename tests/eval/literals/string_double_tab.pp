notice("I keep \t of things around here")
