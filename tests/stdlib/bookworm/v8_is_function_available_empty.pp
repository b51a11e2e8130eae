notice(is_function_available(''))
