# spec: types_values_variables.md:357
'abc' =~ String[1]   # true, has more than one character
'abc' =~ String[1,2] # false, has more than two characters

$size = Integer[1,2]
'abc' =~ String[$size] # false, has more than 2 characters
