notice(1 ? { 1 => 'one', 2 => fail('not evaluated') })
