notice("[${nope}]")
notice($nope == undef)
