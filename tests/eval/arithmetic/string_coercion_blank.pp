notice(' 3 ' + 1)
