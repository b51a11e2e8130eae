notice(-Timespan(4))
