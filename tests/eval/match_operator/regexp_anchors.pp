notice('abc' =~ /\Aabc\z/)
notice("a\nb" =~ /^b$/)
