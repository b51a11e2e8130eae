# spec: expressions.md:356, statement 5 of 6
{a => 10, b => 20} - a          # => {b => 20}
