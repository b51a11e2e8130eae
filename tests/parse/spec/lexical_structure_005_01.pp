# spec: lexical_structure.md:213, statement 1 of 4
"Hello $name"
