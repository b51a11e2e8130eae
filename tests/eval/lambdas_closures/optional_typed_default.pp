with() |Optional[String] $s = undef| { notice("[${s}]") }
