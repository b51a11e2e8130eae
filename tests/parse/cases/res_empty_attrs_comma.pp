Foo { , }
file { 'a': , }
