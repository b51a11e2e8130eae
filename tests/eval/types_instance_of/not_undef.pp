notice(1 =~ NotUndef)
notice(undef =~ NotUndef)
notice('a' =~ NotUndef[Integer])
