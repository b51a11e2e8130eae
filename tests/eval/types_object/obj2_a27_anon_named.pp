$t = Object[{name => 'Foo', attributes => { a => Integer }}]
notice($t)
notice($t.new(1))
