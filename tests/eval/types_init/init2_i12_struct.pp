type P = Object[{attributes => {x => Integer, y => Integer}}]
notice(Init[P]([1, 2]))
notice(Init[P]({x => 1, y => 2}))
notice([1, 2] =~ Init[P])
notice({x => 1} =~ Init[P])
