# spec: lexical_structure.md:213, statement 4 of 4
"Hello $name1 and $name2!"
