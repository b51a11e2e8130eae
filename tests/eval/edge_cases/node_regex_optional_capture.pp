node /test.*(c)?/ {
  notice("[${1}]")
  notice($1 =~ Undef)
}
