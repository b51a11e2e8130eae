# spec: operators_guide.md:203, statement 6 of 7
Integer[100, 199] in [1, 2, 125] # resolves to true
