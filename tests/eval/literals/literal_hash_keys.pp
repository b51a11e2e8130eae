notice({1 => a, [1] => b, {x => 1} => c, Integer => d})
