# spec: expressions.md:595, statement 5 of 7
false  == undef   # false
