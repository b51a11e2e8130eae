with([1], [2]) |Array[Integer] *$x| { notice($x) }
with([1], ['a']) |Array[Integer] *$x| { notice($x) }
