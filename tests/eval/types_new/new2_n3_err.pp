notice(Integer({from => '1', radix => 3}))
