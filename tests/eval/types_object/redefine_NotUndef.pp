type NotUndef = Integer
notice(NotUndef)
