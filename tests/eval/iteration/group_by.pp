notice(['a', 'bb', 'cc', 'd'].group_by |$s| { $s.length })
