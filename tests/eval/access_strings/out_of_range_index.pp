notice("[${'abc'[10]}]")
notice('abc'[10] == undef)
