notice({a => 1, b => 2, c => 3}.filter |$k, $v| { $v > 1 })
