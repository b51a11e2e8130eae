notice(String(1, '%q'))
