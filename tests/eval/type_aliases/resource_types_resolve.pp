type A = File['/tmp/x']
notice(A)
type B = Resource[file]
notice(B)
