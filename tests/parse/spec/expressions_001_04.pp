# spec: expressions.md:60, statement 4 of 7
"You can quote me on that"
