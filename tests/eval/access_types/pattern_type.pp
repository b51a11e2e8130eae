notice(Pattern[red, blue, green])
notice(Pattern[/a/, 'b'])
