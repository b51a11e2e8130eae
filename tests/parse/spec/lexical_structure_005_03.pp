# spec: lexical_structure.md:213, statement 3 of 4
"Hello nbr ${1+1}, what is your name?"
