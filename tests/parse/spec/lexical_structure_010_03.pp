# spec: lexical_structure.md:288, statement 3 of 4
Class
