type O = Object[{attributes => {a => Init[O]}}]
notice(1 =~ Init[O])
