notice(pw_hash('a', 'bcrypt', '03$abcdefghijklmnopqrstuv'))
