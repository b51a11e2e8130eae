notice(type([Pattern[a], Pattern[b]]))
