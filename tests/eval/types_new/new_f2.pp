notice(Integer({from => '12'}))
notice(Integer({from => 3.7}))
notice(Integer({from => '0b101', radix => 2}))
notice(Integer({from => true}))
