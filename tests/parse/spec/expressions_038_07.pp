# spec: expressions.md:595, statement 7 of 7
false == !!''     # false
