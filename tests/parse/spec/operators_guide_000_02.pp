# spec: operators_guide.md:203, statement 2 of 7
'Eat' in ['eat', 'ate', 'eating'] # resolves to true
