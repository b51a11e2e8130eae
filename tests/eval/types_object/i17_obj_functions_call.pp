type P = Object[{name => 'P', attributes => {a => Integer}, functions => {double => Callable[[], Integer]}}]
notice(P(2).double)
