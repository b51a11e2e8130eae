notice(false or notice('rhs'))
