notice('héllo' =~ /h.llo/)
