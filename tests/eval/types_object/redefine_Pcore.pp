type Pcore = Integer
notice(Pcore)
