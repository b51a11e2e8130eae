file {"a": }[1]
