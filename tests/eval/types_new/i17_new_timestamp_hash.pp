notice(Timestamp.new({string => '2020-01-02 10:00', format => '%Y-%m-%d %H:%M', timezone => 'Europe/Stockholm'}))
notice(Timestamp.new({string => '2020-01-02'}))
