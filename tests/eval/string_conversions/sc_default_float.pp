notice(String(1.0), String(0.1 + 0.2), String(100.0), String([1.0]))
