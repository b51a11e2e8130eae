notice(-3.25)
