notice(parsepson('{"a":'))
