notice(find_file('nomodule/nofile') == undef)
