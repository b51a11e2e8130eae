notice(default =~ Default, Default, undef =~ Default)
