notice(undef =~ Any)
notice(1 =~ Any)
notice([] =~ Any)
