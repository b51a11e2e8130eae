notice(defined(String))
