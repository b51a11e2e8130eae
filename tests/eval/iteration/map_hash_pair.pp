notice({a => 1}.map |$pair| { $pair })
