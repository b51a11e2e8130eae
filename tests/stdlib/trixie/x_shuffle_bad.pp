notice(shuffle(1))
