include logrotate::base
logrotate::rule { 'app': path => '/var/log/app.log', compress => true }
