notice(Timespan[{hour => 1}, {hour => 2}])
