type A = Object[{attributes => { a => Integer }, functions => { f => Callable[[Integer], String], g => { type => Callable[[], Integer], final => true } }}]
notice(A)
notice(A(1).f(1))
