$a = 'abc' =~ /(b)/
$b = 'abc' =~ /(z)/
notice("[${1}]")
