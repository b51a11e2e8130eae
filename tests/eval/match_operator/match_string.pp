notice('foo' =~ 'f(o)o', $1)
