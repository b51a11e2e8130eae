class a { $av = 'a' 
 include b }
class b { notice("[${av}]") }
include a
