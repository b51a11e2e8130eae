class a { $x = 1 function f() {} }
