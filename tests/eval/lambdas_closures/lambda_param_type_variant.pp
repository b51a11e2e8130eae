[1, 'a', undef].each |Variant[Integer, String, Undef] $v| { notice("[${v}]") }
