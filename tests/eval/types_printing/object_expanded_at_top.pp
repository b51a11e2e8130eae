notice(Type[Object])
notice([Object])
notice("${Object}")
notice(String(Object))
