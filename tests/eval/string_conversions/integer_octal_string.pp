notice(Integer('077'))
