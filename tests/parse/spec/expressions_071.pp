# spec: expressions.md:1255
class myclass($x = 10, $y=20) { }
include myclass
Class[myclass][x]                # => 10
$someclass = Class[myclass]
$someclass[x]                    # => 10
$someclass[y]                    # => 20
$someclass[x, y]                 # => [10, 20]
