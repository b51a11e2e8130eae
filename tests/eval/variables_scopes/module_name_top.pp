notice("[${module_name}]")
