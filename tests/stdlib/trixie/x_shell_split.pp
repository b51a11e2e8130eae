notice(shell_split('a b "c d" e\\ f \'g h\''))
notice(shell_split(''))
notice(shell_split('  a   b  '))
notice(shell_split('a"b"c \\'))
