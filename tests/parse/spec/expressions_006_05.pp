# spec: expressions.md:207, statement 5 of 7
abc [1]        # calls the function abc with the literal array containing '1' as an argument
