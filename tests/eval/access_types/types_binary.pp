notice(Binary('aGVsbG8='), Binary('hello', '%s'))
