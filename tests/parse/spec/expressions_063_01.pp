# spec: expressions.md:1115, statement 1 of 5
Hash[String, Integer]            # => Hash[String, Integer] (type)
