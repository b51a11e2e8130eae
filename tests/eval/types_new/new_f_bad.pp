notice(Float.new({from => '3.5', bogus => true}))
