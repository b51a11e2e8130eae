notice(Init[Iterable] =~ Type[Init[Iterable]])
