notify { 'a': require => '' }
