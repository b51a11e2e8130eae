define d { notice("[${1}]") }
if 'in if' =~ /(if)/ { d { 'x': } }
