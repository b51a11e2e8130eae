$x = 1abc
