notice("one
two")
