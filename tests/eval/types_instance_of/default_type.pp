notice(default =~ Default)
notice('default' =~ Default)
