notice(Timespan.new({days => 1, hours => 2, minutes => 3, seconds => 4, milliseconds => 5}))
notice(Timespan.new({string => '1-00:00', format => '%D-%H:%M'}))
notice(Timestamp.new({string => '2020-01-02', format => '%Y-%m-%d', timezone => 'UTC'}))
notice(Timespan.new({hours => 1, negative => true}))
