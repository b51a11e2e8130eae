# spec: lexical_structure.md:322
"Hello $00080, how are you"
