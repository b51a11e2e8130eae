# spec: expressions.md:292
# LHS must evaluate to an Array or a Hash (or it is a form of arithmetic expression)
[1,2,3] + [4,5,6]               # => [1,2,3,4,5,6]
[1,2,3] + 4                     # => [1,2,3,4]
[1,2,3] + {a => 10, b => 20}    # => [1,2,3, [a, 10], [b, 20]]

{a => 10, b => 20} + {b => 30}  # => {a => 10, b => 30}
{a => 10, b => 20} + {c => 30}  # => {a => 10, b => 30, c => 30}
{a => 10, b => 20} + 30         # => error
{a => 10, b => 20} + [30]       # => error
{a => 10, b => 20} + [c, 30]    # => {a => 10, b => 20, c => 30}
