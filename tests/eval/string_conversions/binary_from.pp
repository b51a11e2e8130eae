notice(Binary('aGVsbG8='))
notice(String(Binary('hello', '%r'), '%s'))
