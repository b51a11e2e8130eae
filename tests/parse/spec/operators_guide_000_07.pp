# spec: operators_guide.md:203, statement 7 of 7
Integer[100, 199] in [1, 2, 25]  # resolves to false
