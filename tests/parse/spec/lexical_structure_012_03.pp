# spec: lexical_structure.md:315, statement 3 of 3
$Abc   # Variables may not start with upper case letter
