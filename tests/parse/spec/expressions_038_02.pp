# spec: expressions.md:595, statement 2 of 7
true   == ''      # false
