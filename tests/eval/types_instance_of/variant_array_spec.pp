notice([1500, 20000] =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]])
notice([1500, 5000] =~ Array[Variant[Integer[1000, 1999], Integer[10000, default]]])
