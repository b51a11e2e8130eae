notice(Tuple[Integer, 'x', String])
