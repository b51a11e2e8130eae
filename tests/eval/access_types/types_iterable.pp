notice(Iterable[Integer], Iterator[String], [1] =~ Iterable[Integer], 3 =~ Iterable)
