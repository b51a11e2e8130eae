if abc =~ /(a)b(c)/ {
  notice($0)
  notice($1)
  notice($2)
}
