file {"a": } (1)
