# spec: types_values_variables.md:424
Pattern['.*']
Pattern[/^all of me$/]
