# spec: lexical_structure.md:274, statement 2 of 3
::apache
