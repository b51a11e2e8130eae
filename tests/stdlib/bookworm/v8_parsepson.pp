notice(parsepson('{"a": 1}'))
notice(parsepson('x', 'd'))
