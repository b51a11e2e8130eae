# spec: types_values_variables.md:718 (type-algebra lines left out)
Class > Class[c]
