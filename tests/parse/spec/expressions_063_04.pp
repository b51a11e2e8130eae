# spec: expressions.md:1115, statement 4 of 5
$h[Scalar, Integer]              # => Hash[Scalar, Integer] (type)
