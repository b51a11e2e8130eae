class myclass { notice('myclass') }
class other { }
@notify { 'v': }
require myclass
contain other
realize Notify['v']
tag 'mytag'
debug 'd'
info 'i'
notice 'n'
warning 'w'
err 'e'
