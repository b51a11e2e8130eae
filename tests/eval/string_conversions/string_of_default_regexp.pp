notice(String(default))
notice(String(/a/))
