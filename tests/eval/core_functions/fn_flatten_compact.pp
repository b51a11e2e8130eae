notice(flatten([1, [2, [3]]]), [1, undef, 2].compact)
