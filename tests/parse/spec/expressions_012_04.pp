# spec: expressions.md:292, statement 4 of 8
{a => 10, b => 20} + {b => 30}  # => {a => 10, b => 30}
