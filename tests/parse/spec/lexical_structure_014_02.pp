# spec: lexical_structure.md:327, statement 2 of 2
"Hello ${$0}0080, how are you"
