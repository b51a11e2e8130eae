# spec: expressions.md:551, statement 6 of 7
true and !undef # true
