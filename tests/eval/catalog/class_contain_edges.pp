class a { contain b }
class b { notify { 'in-b': } }
include a
