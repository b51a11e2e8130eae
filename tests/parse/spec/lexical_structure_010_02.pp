# spec: lexical_structure.md:288, statement 2 of 4
::File
