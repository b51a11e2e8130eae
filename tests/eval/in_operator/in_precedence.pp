notice(!('a' in ['b']))
notice('a' in ['a'] and true)
