# spec: expressions.md:292, statement 5 of 8
{a => 10, b => 20} + {c => 30}  # => {a => 10, b => 30, c => 30}
