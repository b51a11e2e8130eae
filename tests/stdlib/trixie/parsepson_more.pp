notice(parsepson('[1, /* c */ 2, // x
3]'))
notice(parsepson('[1', 'd'))
notice(parsepson('"str"', 'd'))
notice(parsepson('[1,]', 'd'))
notice(parsepson('{"a" 1}', 'd'))
