notice(undef =~ /x/)
