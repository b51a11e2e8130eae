$x = 'xyz' =~ /(x)/
if abc =~ /(a)b(c)/ {
  notice($1)
}
notice($1)
