notice(Pattern[/a/, 'b.*'], 'bcd' =~ Pattern['b.*'])
