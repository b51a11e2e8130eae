notice(Pattern[/a+/])
notice(Pattern['b+', /c/])
notice(Pattern)
