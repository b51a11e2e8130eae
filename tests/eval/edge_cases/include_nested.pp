class a { notice('a') }
class b { notice('b') }
include [[a], [[b]]]
