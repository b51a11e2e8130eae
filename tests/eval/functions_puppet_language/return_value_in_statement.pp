function f() { notice('side effect'); 1 }
f()
