# spec: types_values_variables.md:402
Enum['port', 'name', 'ip']
