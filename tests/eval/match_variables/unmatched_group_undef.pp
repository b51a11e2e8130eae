if 'ac' =~ /(a)(b)?(c)/ {
  notice("[${1}] [${2}] [${3}]")
  notice($2 == undef)
}
