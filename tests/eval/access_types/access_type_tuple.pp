notice(Tuple[Integer, String][1])
