notice(String(10, '%x'))
notice(String(10, '%#x'))
notice(String(10, '%o'))
notice(String(10, '%b'))
