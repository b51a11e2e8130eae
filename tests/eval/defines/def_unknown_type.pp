nosuch { 'a': }
