function f($title) { $title }
notice(f(1))
