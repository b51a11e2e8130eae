[1, 2].each |Variant[Init[Iterable], Integer] $x| { notice($x) }
