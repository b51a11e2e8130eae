notice(1); notice(2);
notice(3)
