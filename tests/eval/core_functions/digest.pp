notice(digest('hello'))
