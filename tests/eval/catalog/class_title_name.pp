class a::b { notify { "${title}|${name}|${module_name}": } }
include a::b
