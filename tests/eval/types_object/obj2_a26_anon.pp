$t = Object[{attributes => { a => Integer }}]
notice($t)
notice($t(1))
