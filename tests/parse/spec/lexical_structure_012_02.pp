# spec: lexical_structure.md:315, statement 2 of 3
$0080  # A Numeric variable may be 0 (exactly), or a decimal value that does not start with 0
