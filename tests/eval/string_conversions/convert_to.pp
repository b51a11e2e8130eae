notice('42'.convert_to(Integer) + 1)
notice([a, 1].convert_to(Hash))
