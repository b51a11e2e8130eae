notice(undef =~ Undef)
notice('' =~ Undef)
