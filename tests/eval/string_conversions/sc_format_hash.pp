notice(String({a => 1}, '%h'), String({a => 1}, '%a'), String({a => 1, b => [2]}, '%p'))
