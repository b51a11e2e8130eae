# spec: expressions.md:292, statement 6 of 8
{a => 10, b => 20} + 30         # => error
