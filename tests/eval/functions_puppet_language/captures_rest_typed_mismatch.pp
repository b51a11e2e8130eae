function f(String *$rest) { $rest }
notice(f('a', 1))
