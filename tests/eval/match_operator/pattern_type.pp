$pattern = Pattern[red, blue, green]
notice('red' =~ $pattern)
notice('blue' =~ $pattern)
notice('yellow' =~ $pattern)
