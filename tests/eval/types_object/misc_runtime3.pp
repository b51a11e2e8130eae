notice(Runtime[ruby, 'String'])
notice('x' =~ Runtime[ruby, 'String'])
notice(Runtime)
