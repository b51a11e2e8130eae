$r = Regexp['(f)(o)(o)']
notice($r)
notice('foo' =~ $r)
notice("[${1}]")
