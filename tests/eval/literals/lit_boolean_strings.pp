notice(true == 'true', 'false' == false)
