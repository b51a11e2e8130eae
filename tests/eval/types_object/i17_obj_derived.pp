type P = Object[{name => 'P', attributes => {a => Integer, d => {type => Integer, kind => derived}}, functions => {d => Callable[[], Integer]}}]
notice(P)
