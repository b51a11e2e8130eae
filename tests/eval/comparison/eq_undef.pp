notice(undef == undef, undef == '', undef == [])
