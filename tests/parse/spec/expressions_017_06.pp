# spec: expressions.md:356, statement 6 of 6
{a => 10, b => 20} - [a,c]      # => {b => 20}
