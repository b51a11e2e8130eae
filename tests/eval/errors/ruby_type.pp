notice(Ruby['X'])
