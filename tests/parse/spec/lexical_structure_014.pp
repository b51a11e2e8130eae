# spec: lexical_structure.md:327
"Hello ${0}0080, how are you"
"Hello ${$0}0080, how are you"
