class a inherits b { }
class b inherits a { }
include a
