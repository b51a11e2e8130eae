# spec: operators_guide.md:203, statement 5 of 7
/(?i:EAT)/ in ['eat', 'ate', 'eating'] # resolves to true
