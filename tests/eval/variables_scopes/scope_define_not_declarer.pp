class a { $av = 'a' 
 d { 'x': } }
define d { notice("[${av}]") }
include a
