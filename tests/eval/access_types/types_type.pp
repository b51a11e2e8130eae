notice(Type[Integer], Type, Type[Type[String]])
