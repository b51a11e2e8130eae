notify { default: message => 1; 'a': ; default: }
