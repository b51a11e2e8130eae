type A = Object[{attributes => { a => Integer }, functions => { a => Callable }}]
notice(A)
