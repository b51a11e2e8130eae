class c { notice($name, $title, $module_name) }
include c
