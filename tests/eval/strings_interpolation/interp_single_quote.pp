notice('a\'b\\c
d')
