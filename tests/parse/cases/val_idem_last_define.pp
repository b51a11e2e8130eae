define foo() { 'x' }
