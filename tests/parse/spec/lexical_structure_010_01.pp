# spec: lexical_structure.md:288, statement 1 of 4
File
