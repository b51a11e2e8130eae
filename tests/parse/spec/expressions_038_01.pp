# spec: expressions.md:595, statement 1 of 7
true   == true    # true
