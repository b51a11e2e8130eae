# spec: expressions.md:595, statement 3 of 7
false  == ''      # false
