notice([1,2,3] =~ Collection[1,3])
notice({a=>1, b=>2} =~ Collection[3])
