function foo() { notice('called') }
foo() [1]
