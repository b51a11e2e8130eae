# spec: expressions.md:551
true and false  # false
true or false   # true
true and 1      # true
true and ''     # true
true and undef  # false
true and !undef # true
true and !false # true
