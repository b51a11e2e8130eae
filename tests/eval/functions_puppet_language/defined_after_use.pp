notice(later(2))
function later($x) { $x * 21 }
