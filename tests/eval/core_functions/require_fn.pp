class r { notice(r) }
require(r)
