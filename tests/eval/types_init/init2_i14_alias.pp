type Port = Init[Integer[1, 65535]]
notice('80' =~ Port)
notice(Port('80'))
notice(Port)
