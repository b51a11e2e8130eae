notice(Init[Integer]('abc'))
