# spec: expressions.md:292, statement 8 of 8
{a => 10, b => 20} + [c, 30]    # => {a => 10, b => 20, c => 30}
