class c { notice("[${1}]") }
if 'abc' =~ /(b)/ { include c }
