define d() { include c }
class c { notify { 'c': } }
d { 'a': }
d { 'b': }
