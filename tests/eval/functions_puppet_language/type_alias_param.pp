type Port = Integer[1, 65535]
function f(Port $p) { $p }
notice(f(80))
notice(f(0))
