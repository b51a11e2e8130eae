notice(!true or true)
notice(!(true or true))
