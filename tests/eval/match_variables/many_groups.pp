if 'abcdefghijk' =~ /(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/ {
  notice("${10} ${11}")
}
