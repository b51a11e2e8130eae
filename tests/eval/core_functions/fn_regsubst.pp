notice(regsubst('abcabc', 'b', 'X'), regsubst('abcabc', 'b', 'X', 'G'), regsubst('ab', '(a)(b)', '\2\1'))
