notice({a => 1} =~ Struct)
notice({} =~ Struct)
