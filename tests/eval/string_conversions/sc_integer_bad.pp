notice(Integer('12abc'))
