notice(template('nomodule/x.erb'))
