notice(true)
notice(false)
