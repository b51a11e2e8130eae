notice(true or fail('not evaluated'))
