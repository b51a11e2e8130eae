notice('abc' !~ /b/, 'abc' !~ /x/)
