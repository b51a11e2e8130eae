notice("\q")
