# spec: expressions.md:207, statement 7 of 7
foo() [1]      # calls function foo, then produces an array with the Integer 1
