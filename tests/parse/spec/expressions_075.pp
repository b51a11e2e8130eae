# spec: expressions.md:1419
Integer[2]        # the exact value 2
Integer[1,3]      # values 1 to 3 inclusive
Integer[3,1]      # values 3 to 1 inclusive

Integer[1,3].each {|x| . . . }   # iterate over 1,2,3
