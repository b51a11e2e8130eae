notice(Pattern['.*'])
notice(Pattern[/^all of me$/])
notice('all of me' =~ Pattern[/^all of me$/])
