function f() { }
function f() { }
