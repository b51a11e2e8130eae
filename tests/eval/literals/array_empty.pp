notice([])
notice([] =~ Array)
