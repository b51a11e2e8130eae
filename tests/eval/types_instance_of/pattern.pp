notice('abc' =~ Pattern[/b/])
notice('xyz' =~ Pattern[/b/, /y/])
notice('x' =~ Pattern)
notice('q' =~ Pattern['^[a-p]'])
