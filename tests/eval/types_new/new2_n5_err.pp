notice(Binary({value => [300]}))
