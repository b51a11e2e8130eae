notice({a => 1, b => 2}.filter |$k, $v| { $v > 1 })
