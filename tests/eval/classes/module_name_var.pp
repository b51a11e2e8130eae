class foo::bar { notice("[${module_name}]") }
include foo::bar
