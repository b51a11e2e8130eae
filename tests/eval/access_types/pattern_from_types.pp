notice(Pattern[Pattern[a, b], Regexp[c]])
