type Boolean = Integer
notice(Boolean)
