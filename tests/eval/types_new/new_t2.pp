notice(Timestamp({string => '2020-01-02T03:04:05.000 UTC'}))
notice(Timestamp({string => '2020-01-02', format => '%F'}))
notice(Timestamp({string => '2020-01-02 10', format => '%F %H', timezone => 'EST'}))
