notify { 'b': require => Notify['missing'] }
