$x = abc =~ /(a)b(c)/
notice($x)
notice("${0} ${1} ${2}")
