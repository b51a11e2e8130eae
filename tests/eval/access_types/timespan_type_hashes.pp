notice(Timespan[{hours => 1}, {hours => 2}])
