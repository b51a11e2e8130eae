notice(pw_hash('a', 'bcrypt', "x\n05\$abcdefghijklmnopqrstuv"))
