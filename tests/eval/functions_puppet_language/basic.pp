function hello() { 'hello' }
notice(hello())
