type My::Thing = Integer
notice(1 =~ My::Thing)
