notice(compare(1, 2), compare('a', 'B'), compare('a', 'B', false))
