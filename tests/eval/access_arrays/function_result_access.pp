function foo() { [10, 20, 30] }
notice(foo()[1])
