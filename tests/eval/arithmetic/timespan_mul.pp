notice(Timespan(60) * 2)
notice(3 * Timespan(2))
