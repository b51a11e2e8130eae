notice(find_template('nomodule/x.erb') == undef)
