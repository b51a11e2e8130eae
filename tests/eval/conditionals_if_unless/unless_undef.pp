unless undef { notice('undef is falsy') }
