notice(join([@(A), @(B)], '|'))
first
A
second
B
