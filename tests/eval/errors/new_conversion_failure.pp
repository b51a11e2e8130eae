notice(Integer('twelve'))
