type PositiveInts = Array[Integer[0, default]]
$a = [1,2,3] ~= PositiveInts
notice($a)
