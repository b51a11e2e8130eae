function f($Foo) {}
