notice(1 =~ Init[Scalar])
