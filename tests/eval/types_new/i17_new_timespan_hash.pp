notice(Timespan.new({days => 1, negative => true}))
notice(Timespan.new({string => '10:12', format => ['%H:%M', '%M:%S']}))
notice(Timespan.new({minutes => 90}))
notice(Timespan({microseconds => 5, nanoseconds => 3}))
