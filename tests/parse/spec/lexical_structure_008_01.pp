# spec: lexical_structure.md:274, statement 1 of 3
apache::port
