define d { notice("[${1}]") }
d { 'x': }
$m = 'last' =~ /(last)/
