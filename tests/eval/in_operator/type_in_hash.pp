notice(String in {a => 1})
