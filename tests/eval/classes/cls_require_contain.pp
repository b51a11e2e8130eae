class a { notice('a') }
class b { require a 
 contain a }
include b
