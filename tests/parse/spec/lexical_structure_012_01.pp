# spec: lexical_structure.md:315, statement 1 of 3
$0xG   # Numeric variable that is not a valid decimal number
