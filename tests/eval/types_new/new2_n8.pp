notice(Timespan({days => 2, negative => true}))
notice(Timespan({string => '10:20', format => ['%H:%M', '%M:%S']}))
notice(Timestamp({string => '2021-06-01 12:00:00', format => '%Y-%m-%d %H:%M:%S', timezone => 'UTC'}))
