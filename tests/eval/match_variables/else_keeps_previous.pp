if 'abc' =~ /(a)/ {
  notice($1)
}
if 'abc' =~ /(z)/ {
  notice('no')
} else {
  notice("[${1}]")
}
