# spec: types_values_variables.md:424, statement 1 of 2
Pattern['.*']
