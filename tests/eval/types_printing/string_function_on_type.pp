notice(String(Integer[1, 2]))
notice("${Optional[Integer]}")
