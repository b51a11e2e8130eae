$attrs = { message => 'from hash' }
notify { 'a': * => $attrs }
