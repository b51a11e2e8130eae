notice(Any > Integer)
notice(Integer < Any)
notice(Numeric > Integer)
notice(String > Integer)
