$h = {a => [1, 2]}
notice(@("END"))
first: ${h['a'][0]}
sum: ${$h['a'][0] + $h['a'][1]}
END
