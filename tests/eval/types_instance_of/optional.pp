notice(undef =~ Optional[Integer])
notice(1 =~ Optional[Integer])
notice('a' =~ Optional[Integer])
notice(undef =~ Optional)
