notice(assert_type(Init[Boolean], 'maybe'))
