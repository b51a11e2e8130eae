type A = Object[{attributes => { a => Integer }}]
notice(annotate(A, A(1)) |$x| { $x })
