# spec: lexical_structure.md:274, statement 3 of 3
::apache::port
