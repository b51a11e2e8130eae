notice(parsepson('{"a": 1} x'))
