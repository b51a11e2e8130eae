notice(case, and, or, in, unless)
