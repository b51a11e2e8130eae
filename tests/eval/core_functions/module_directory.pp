notice(module_directory('nomodule') == undef)
