$x = [1] /foo/
