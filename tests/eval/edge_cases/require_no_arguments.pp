class a { require() }
include a
