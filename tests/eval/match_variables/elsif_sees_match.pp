if 'abc' =~ /(z)/ {
  notice('no')
} elsif 'abc' =~ /(b)/ {
  notice("elsif ${1}")
}
