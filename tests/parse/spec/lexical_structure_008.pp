# spec: lexical_structure.md:274
apache::port
::apache
::apache::port
