notice(Init[Integer[0, 10]]('100'))
