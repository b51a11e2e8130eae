notice(true and false)
notice(true or false)
notice(true and 1)
notice(true and '')
