# spec: expressions.md:1066
$pattern = Pattern[red, blue, green]  # => a pattern type
'red' =~ $pattern                     # => true
'blue' =~ $pattern                    # => true
'yellow' =~ $pattern                  # => false
