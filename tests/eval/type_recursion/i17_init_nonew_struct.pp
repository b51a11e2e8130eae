notice(Struct[{a => Init[Iterable]}])
