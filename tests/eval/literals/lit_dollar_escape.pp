notice("\$x", "$", "a$", "$1abc")
