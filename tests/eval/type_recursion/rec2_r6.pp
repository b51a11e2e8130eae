type L = Struct[{head => Integer, tail => Optional[L]}]
function len(Optional[L] $l) >> Integer { $l ? { undef => 0, default => 1 + len($l[tail]) } }
notice(len({head => 1, tail => {head => 2, tail => {head => 3}}}))
