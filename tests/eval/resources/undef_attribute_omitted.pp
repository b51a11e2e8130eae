notify { 'a': message => undef }
