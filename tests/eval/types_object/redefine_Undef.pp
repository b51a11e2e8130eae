type Undef = Integer
notice(Undef)
