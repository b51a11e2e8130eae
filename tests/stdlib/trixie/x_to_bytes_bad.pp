notice(to_bytes('1 Q'))
