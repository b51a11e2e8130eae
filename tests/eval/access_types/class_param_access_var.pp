class myclass($x = 10, $y = 20) { }
include myclass
$someclass = Class[myclass]
notice($someclass[x])
notice($someclass[y])
notice($someclass[x, y])
