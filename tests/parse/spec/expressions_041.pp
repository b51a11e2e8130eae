# spec: expressions.md:662
if abc =~ /(a)b(c)/ {
  # $0 == 'abc', $1 == 'a', $2 == 'c'
}
elsif {
  # same as above
}
else {
  # same as above
}
# $0-$n return to the values they had before the if
