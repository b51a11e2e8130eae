notice(Collection[1, 2], [1] =~ Collection[1], {} =~ Collection[1])
