notify { 'x': }
notify { 'y': require => stdlib::str2resource('Notify[x]') }
