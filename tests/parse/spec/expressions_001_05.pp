# spec: expressions.md:60, statement 5 of 7
"I keep \t of things around here"
