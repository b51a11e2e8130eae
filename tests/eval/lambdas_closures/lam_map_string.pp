notice('abc'.map |$c| { $c.upcase })
