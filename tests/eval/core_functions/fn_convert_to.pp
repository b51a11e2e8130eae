notice('12'.convert_to(Integer) + 1)
