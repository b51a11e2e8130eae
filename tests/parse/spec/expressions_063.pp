# spec: expressions.md:1115
Hash[String, Integer]            # => Hash[String, Integer] (type)
$h = Hash[Scalar, String]        # => Hash[Scalar, String] (type)
$h[]                             # => syntax error
$h[Scalar, Integer]              # => Hash[Scalar, Integer] (type)

Hash[Scalar, String, 1, 10]      # => Hash type with min 1, max 10, Scalar => String entries
