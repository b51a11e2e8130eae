class { 'ntp': servers => ['0.debian.pool.ntp.org', '1.debian.pool.ntp.org'], restrict => ['127.0.0.1'] }
