notice(true or false and false)
notice((true or false) and false)
