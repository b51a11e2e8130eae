notice(-[1])
