validate_cmd('x')
