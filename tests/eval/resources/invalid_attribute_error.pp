notify { 'a': bogus => 1 }
