# The third element does not match the lambda's parameter type: the first
# two have been logged, then the iteration function reports the mismatch.
[1, 2, 'three', 4].each |Integer $x| { notice($x) }
