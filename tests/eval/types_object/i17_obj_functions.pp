type P = Object[{name => 'P', attributes => {a => Integer}, functions => {double => Callable[[], Integer]}}]
notice(P)
notice(P(2))
