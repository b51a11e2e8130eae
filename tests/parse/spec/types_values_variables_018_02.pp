# spec: types_values_variables.md:424, statement 2 of 2
Pattern[/^all of me$/]
