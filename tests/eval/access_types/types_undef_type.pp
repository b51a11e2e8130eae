notice(undef =~ Undef, '' =~ Undef, Undef =~ Type[Undef])
