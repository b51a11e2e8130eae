notice(capitalize('hello world'))
notice(['ab', 'cd'].capitalize)
