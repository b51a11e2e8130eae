if 'abc' =~ /a(b)c/ {
  notice("${0} ${1} $1")
}
