notice('a' =~ Enum[a, b])
notice('c' =~ Enum[a, b])
notice('Port' =~ Enum['port'])
notice('port' =~ Enum['port', 'name', 'ip'])
