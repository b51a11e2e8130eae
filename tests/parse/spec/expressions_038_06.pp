# spec: expressions.md:595, statement 6 of 7
false == !''      # true
