notice(String[1, 'x'])
