notice(Variant[Integer, Integer[1,2]], Variant[String], Variant[])
