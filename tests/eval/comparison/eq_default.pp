notice(default == default, default == 'default')
