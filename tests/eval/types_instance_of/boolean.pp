notice(true =~ Boolean)
notice('true' =~ Boolean)
