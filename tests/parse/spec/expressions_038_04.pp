# spec: expressions.md:595, statement 4 of 7
true   == undef   # false
