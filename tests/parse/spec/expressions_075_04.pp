# spec: expressions.md:1419, statement 4 of 4
Integer[1,3].each {|x| . . . }   # iterate over 1,2,3
