# spec: operators_guide.md:203, statement 1 of 7
'eat' in ['eat', 'ate', 'eating'] # resolves to true
