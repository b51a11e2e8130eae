# spec: lexical_structure.md:288, statement 4 of 4
Integer
