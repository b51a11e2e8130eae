# spec: lexical_structure.md:288
File
::File
Class
Integer
