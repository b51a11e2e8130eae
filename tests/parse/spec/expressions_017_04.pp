# spec: expressions.md:356, statement 4 of 6
{a => 10, b => 20} - {b => 30}  # => {a => 10}
