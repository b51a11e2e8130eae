notice(Ruby['Puppet::Bindings'])
