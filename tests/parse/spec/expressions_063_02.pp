# spec: expressions.md:1115, statement 2 of 5
$h = Hash[Scalar, String]        # => Hash[Scalar, String] (type)
