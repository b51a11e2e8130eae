notice(String(1, {Init[Iterable] => '%x'}))
