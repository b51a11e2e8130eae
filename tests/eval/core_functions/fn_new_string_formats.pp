notice(String(5, '%05d'), String([1, 'a'], '%s'), String({a => 1}, '%p'))
