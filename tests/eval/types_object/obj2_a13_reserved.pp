type A = Object[{attributes => { __ptype => Integer }}]
notice(A)
