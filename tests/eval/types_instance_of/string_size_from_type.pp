$size = Integer[1,2]
notice('abc' =~ String[$size])
notice('ab' =~ String[$size])
