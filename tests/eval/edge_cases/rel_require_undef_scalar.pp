notify { 'b': require => undef }
