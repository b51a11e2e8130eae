function f(Error $e) { notice($e.message) }
f(Error('hi'))
f('hi')
