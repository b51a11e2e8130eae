notice(nosuch(1))
