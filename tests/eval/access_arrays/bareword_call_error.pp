abc [1]
