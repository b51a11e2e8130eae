notice(1)
require({ a => 1 })
