class a { include b }
class b { notify { 'x': } }
include a
