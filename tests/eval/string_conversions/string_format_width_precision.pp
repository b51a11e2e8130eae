notice(String(3.14159, '%.2f'))
notice(String('abc', '%5s'))
notice(String('abcdef', '%.3s'))
