notice(Integer < Numeric, Integer <= Integer, Numeric > Integer, String < Integer)
