# spec: types_values_variables.md:369
['a', 'b', 'c']
