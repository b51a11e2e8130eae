notice(Timespan(65) % 60)
