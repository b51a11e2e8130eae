include foo
include foo, bar
require foo::bar
contain baz
realize File['a'], File['b']
tag 'a', 'b'
notice 'a', 'b'
warning "x"
err 1
info 2
debug 3
fail 'boom'
