notice("a\sb\rc" =~ /\r/)
