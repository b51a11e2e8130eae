# spec: lexical_structure.md:315
$0xG   # Numeric variable that is not a valid decimal number
$0080  # A Numeric variable may be 0 (exactly), or a decimal value that does not start with 0
$Abc   # Variables may not start with upper case letter
