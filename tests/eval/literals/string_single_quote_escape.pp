notice('He said "hello", but it sounded like \'yello\'')
