# spec: lexical_structure.md:213, statement 2 of 4
"Hello ${name}"
