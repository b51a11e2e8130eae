# spec: lexical_structure.md:327, statement 1 of 2
"Hello ${0}0080, how are you"
