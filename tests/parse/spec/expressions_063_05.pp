# spec: expressions.md:1115, statement 5 of 5
Hash[Scalar, String, 1, 10]      # => Hash type with min 1, max 10, Scalar => String entries
