# A Ruby function calling core, Puppet-language, Ruby 4.x and 3.x functions.
notice(bridgetest::calls('bob'))
