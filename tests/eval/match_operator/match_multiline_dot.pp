notice("a\nb" =~ /a.b/)
notice("a\nb" =~ /a\sb/)
