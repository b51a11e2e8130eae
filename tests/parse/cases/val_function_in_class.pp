class a { function f() {} }
