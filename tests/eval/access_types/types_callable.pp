notice(Callable[Integer, String], Callable[[Integer], Any], Callable[0, 0], Callable[Integer, 1, 2, Callable])
