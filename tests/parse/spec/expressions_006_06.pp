# spec: expressions.md:207, statement 6 of 7
foo()[1]       # calls function foo and gets index 1 in returned enumerable
