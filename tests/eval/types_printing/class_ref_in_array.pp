notice([Class['a']])
