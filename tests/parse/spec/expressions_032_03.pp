# spec: expressions.md:505, statement 3 of 3
[1,2,3] << {a=>10} # [1,2,3,{a=>10}]
