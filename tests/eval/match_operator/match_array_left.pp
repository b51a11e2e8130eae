notice(['a'] =~ /a/)
