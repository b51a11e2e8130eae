function f() { $facts['os']['family'] }
notice(f())
