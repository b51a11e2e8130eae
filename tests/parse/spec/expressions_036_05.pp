# spec: expressions.md:551, statement 5 of 7
true and undef  # false
